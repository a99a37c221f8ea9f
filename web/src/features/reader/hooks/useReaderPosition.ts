import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { saveLastPosition } from '../state/lastPosition';
import { correctedReaderHref, parseReaderSearch } from '../state/readerUrl';

/**
 * The position the URL shows (every position is a URL), and a ref to it for callbacks that must
 * not change with it. It is remembered for /home's resume, and a corrected position (Jude 9 is
 * shown as Jude 1) replaces the address, so the URL says what is shown.
 */
export function useReaderPosition() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const pos = useMemo(() => parseReaderSearch(search), [search]);
  const posRef = useRef(pos);
  posRef.current = pos;
  useEffect(() => saveLastPosition(window.localStorage, pos), [pos]);
  useEffect(() => {
    const corrected = correctedReaderHref(search);
    if (corrected) navigate(corrected, { replace: true });
  }, [search, navigate]);
  return { pos, posRef };
}
