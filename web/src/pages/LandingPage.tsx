import { Header } from '../components/Header';
import { Footer } from '../components/Footer';
import { BookIcon, ChatIcon, ShieldIcon } from '../components/icons';
import { ButtonLink } from '../components/ui';
import { useAuth } from '../lib/auth';
import { paths } from '../lib/paths';

const FEATURES = [
  {
    Icon: BookIcon,
    title: 'Interactive Bible Reading',
    text: 'Read all 27 books of the New Testament chapter by chapter, jump to any verse, and keep reading even when you are offline.',
  },
  {
    Icon: ChatIcon,
    title: 'Scripture Assistant',
    text: 'Highlight a verse and ask about its meaning, context and application — answers tailored to your faith journey.',
  },
  {
    Icon: ShieldIcon,
    title: 'Premium Protection',
    text: 'A clean, ad-free reading space. Your questions stay private, and your subscription is yours to manage at any time.',
  },
];

export default function LandingPage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';

  return (
    <>
      <Header />
      <main id="main">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--c-accent-soft),transparent)]"
          />
          {/* The quote closes the hero: a short gap to the features, not 144 px of nothing. */}
          <div className="relative mx-auto max-w-4xl px-5 pb-10 pt-20 text-center sm:pt-28">
            <p className="mb-4 text-sm font-medium uppercase tracking-[0.2em] text-accent">
              The New Testament, with a study companion
            </p>
            <h1 className="font-serif text-4xl font-semibold leading-tight tracking-tight sm:text-6xl">
              Understand the Bible with <span className="text-accent">Lectio</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted">
              A calm, beautiful reader for the New Testament — and an AI Scripture Assistant that helps you understand
              each passage in its context.
            </p>
            <div className="mt-9 flex flex-wrap justify-center gap-3">
              {signedIn ? (
                <ButtonLink to={paths.home} size="lg">
                  Continue Reading
                </ButtonLink>
              ) : (
                // The hero's call to action is the primary one (it offered only the secondary 'See how it works').
                <>
                  <ButtonLink to={paths.trial} size="lg">
                    Get Started
                  </ButtonLink>
                  <a
                    href="#features-heading"
                    className="inline-flex h-12 items-center rounded-lg border border-line bg-surface px-6 font-medium text-ink hover:bg-raised"
                  >
                    See how it works
                  </a>
                </>
              )}
            </div>
            <blockquote className="mx-auto mt-12 max-w-xl font-serif text-lg italic text-muted">
              “Your word is a lamp to my feet, and a light for my path.”
            </blockquote>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-5 pb-16 pt-8">
          <h2 id="features-heading" className="mb-8 text-center font-serif text-3xl font-semibold">
            Read, ask and understand
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {FEATURES.map(({ Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
                <span
                  aria-hidden="true"
                  className="grid size-11 place-items-center rounded-xl bg-accent-soft text-accent"
                >
                  <Icon />
                </span>
                <h3 className="mt-4 font-serif text-xl font-semibold">{title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cta-heading" className="px-5 pb-20">
          <div className="mx-auto max-w-5xl rounded-3xl bg-accent px-6 py-12 text-center text-accent-ink sm:px-12">
            <h2 id="cta-heading" className="font-serif text-3xl font-semibold">
              Start reading with understanding
            </h2>
            <p className="mx-auto mt-3 max-w-xl opacity-90">
              Try every premium feature free for 14 days. After the trial, Premium is $15/month — cancel any time during
              the trial.
            </p>
            <div className="mt-7 flex flex-wrap justify-center gap-3">
              {signedIn ? (
                <ButtonLink to={paths.home} size="lg" variant="secondary">
                  Go to Bible Reader
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to={paths.trial} size="lg" variant="secondary">
                    Get Started
                  </ButtonLink>
                  <ButtonLink
                    to={paths.trial}
                    size="lg"
                    variant="outline"
                    className="!border-accent-ink/60 !bg-transparent !text-accent-ink hover:!bg-accent-ink/10"
                  >
                    Get 14 Days Free
                  </ButtonLink>
                </>
              )}
            </div>
          </div>
        </section>
      </main>
      <Footer />
    </>
  );
}
