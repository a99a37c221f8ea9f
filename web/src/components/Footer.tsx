import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface/60">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-5 py-8 text-sm text-muted sm:flex-row">
        <Link to={paths.landingAlias} className="font-serif text-base font-semibold text-ink">
          Lectio
        </Link>
        <p>© {year} Lectio. All rights reserved.</p>
      </div>
    </footer>
  );
}
