import { useEffect, type ReactNode } from 'react';
import { Header } from '../../../components/Header';
import { ChevronLeft } from '../../../components/icons';
import { ButtonLink } from '../../../components/ui';

/** The header, a main landmark, the page heading and an optional back link. */
export function PageShell({
  title,
  icon,
  back,
  children,
  width = 'max-w-3xl',
}: {
  title: string;
  /** The title's icon, as on its sibling pages (PageHeading's). */
  icon?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
  width?: string;
}) {
  useEffect(() => {
    document.title = `${title} · Lectio`;
    return () => {
      document.title = 'Lectio';
    };
  }, [title]);
  return (
    <>
      <Header />
      <main id="main" className={`mx-auto w-full ${width} px-5 py-10`}>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            {icon && (
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent"
              >
                {icon}
              </span>
            )}
            <h1 className="font-serif text-3xl font-semibold tracking-tight">{title}</h1>
          </div>
          {back && (
            <ButtonLink to={back.to} variant="outline" size="sm">
              <ChevronLeft width={16} height={16} /> {back.label}
            </ButtonLink>
          )}
        </div>
        <div className="grid gap-4">{children}</div>
      </main>
    </>
  );
}
