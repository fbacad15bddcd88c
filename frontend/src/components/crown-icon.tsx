import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** The premium member's crown. */
export function CrownIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M5 16 3 5l5.5 5L12 4l3.5 6L21 5l-2 11H5zm14 3c0 .6-.4 1-1 1H6c-.6 0-1-.4-1-1v-1h14v1z" />
    </SvgIcon>
  );
}
