/**
 * A topic tag as a chip whose text wraps inside it, between words where it can and anywhere in a
 * word that has no room (a tag may be 50 characters with no space), so a long tag is never cut
 * short and never widens its table, card or field.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';

export function TopicChip(props: ChipProps) {
  return (
    <Chip
      size="small"
      {...props}
      sx={{
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
      }}
    />
  );
}
