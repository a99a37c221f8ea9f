import type { ReactNode } from 'react';
import { Header } from '../components/Header';

/** Shell for pages built in later issues: the header, a main landmark and a heading. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" className="mx-auto max-w-3xl px-5 py-12">
        <h1 className="font-serif text-3xl font-semibold">{title}</h1>
        {children ?? <p className="mt-3 text-muted">This page is coming soon.</p>}
      </main>
    </>
  );
}
