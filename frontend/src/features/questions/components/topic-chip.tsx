/** A topic tag as a chip whose text wraps inside it, so a long tag is never cut short. */
import Chip, { type ChipProps } from '@mui/material/Chip';

export function TopicChip(props: ChipProps) {
  return (
    <Chip
      size="small"
      {...props}
      sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}
