import { Header } from '../components/Header';
import { ButtonLink } from '../components/ui';
import { BookIcon } from '../components/icons';
import { paths } from '../lib/paths';

export default function NotFoundPage() {
  return (
    <>
      <Header />
      <main id="main" className="grid min-h-[70dvh] place-items-center px-5">
        <div className="max-w-md text-center">
          <span
            aria-hidden="true"
            className="mx-auto grid size-16 place-items-center rounded-2xl bg-accent-soft text-accent"
          >
            <BookIcon width={32} height={32} />
          </span>
          <h1 className="mt-5 font-serif text-3xl font-semibold">404 Page Not Found</h1>
          <p className="mt-3 text-muted">The page you're looking for doesn't exist or has been moved.</p>
          <ButtonLink to={paths.landingAlias} className="mt-6">
            Back to Home
          </ButtonLink>
        </div>
      </main>
    </>
  );
}
