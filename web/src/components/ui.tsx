import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

/** Shared button looks (plain elements keep the first-load JS small). */
export type Variant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-accent text-accent-ink hover:opacity-90 shadow-sm',
  secondary: 'bg-raised text-ink hover:bg-line/70',
  outline: 'border border-line bg-surface text-ink hover:bg-raised',
  ghost: 'text-ink hover:bg-raised',
  danger: 'bg-danger text-white dark:text-[#1a0d0b] hover:opacity-90 shadow-sm',
};

export function buttonClass(
  variant: Variant = 'primary',
  size: 'sm' | 'md' | 'lg' | 'icon' = 'md',
  extra = '',
): string {
  const sizes = {
    sm: 'h-8 px-3 text-sm',
    md: 'h-10 px-4 text-sm',
    lg: 'h-12 px-6 text-base',
    icon: 'size-10 justify-center',
  } as const;
  return [
    'inline-flex items-center gap-2 rounded-lg font-medium transition-colors select-none',
    'disabled:cursor-not-allowed disabled:opacity-50',
    variants[variant],
    sizes[size],
    extra,
  ].join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'sm' | 'md' | 'lg' | 'icon' };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className = '', type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...rest} />;
});

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...rest
}: LinkProps & { variant?: Variant; size?: 'sm' | 'md' | 'lg' | 'icon' } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-muted">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label}
    </span>
  );
}
