import { Button, type ButtonProps } from './button';
import { Tooltip } from './tooltip';

interface IconButtonProps extends Omit<ButtonProps, 'size' | 'aria-label'> {
  /** What the button does: its accessible name, and the tooltip a pointer or keyboard user sees. */
  label: string;
  tooltipSide?: 'top' | 'bottom';
}

/** A button that is only an icon (the icon is the child, aria-hidden), named by `label` and its tooltip. */
export function IconButton({ label, tooltipSide, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    <Tooltip label={label} side={tooltipSide}>
      <Button variant={variant} size="icon" aria-label={label} {...props} />
    </Tooltip>
  );
}
