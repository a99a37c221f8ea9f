import { useEffect } from 'react';

/** The tab's title names the chapter shown ('John 3 · Lectio'); leaving the reader restores 'Lectio'. */
export function useDocumentTitle(bookName: string, chapter: number) {
  useEffect(() => {
    document.title = `${bookName} ${chapter} · Lectio`;
    return () => {
      document.title = 'Lectio';
    };
  }, [bookName, chapter]);
}
