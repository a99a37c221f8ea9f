import { useEffect, useRef, useState } from 'react';
import type { Verse } from '@lectio/contracts/verses';
import { useVoices } from './useVoices';
import { readingPlan, SLEEP_CHOICES, SPEEDS, type SleepChoice } from './listenState';

export interface ListenPlayerProps {
  /** The chapter's verses; null while the next chapter loads. */
  verses: Verse[] | null;
  /** 'John 3', for what is announced. */
  reference: string;
  /** The text's language ('en', 'es'): the voices offered first. */
  lang: string;
  /** Where to start in this chapter (the selected verse), else its first verse. */
  startVerse: number | null;
  /** The verse being read, or null. */
  onVerse(verse: number | null): void;
  /** Go on into the next chapter; false when there is none. */
  onNextChapter(): boolean;
  onClose(): void;
}

/**
 * Listen: the chapter read aloud by the browser's speech synthesis (no server, offline with the
 * device's voices), one verse at a time, so the verse being read is marked and kept in view; on
 * into the next chapter; speed, voice and a sleep timer; every control a native one, and what it
 * does said to screen readers.
 */
export default function ListenPlayer({
  verses,
  reference,
  lang,
  startVerse,
  onVerse,
  onNextChapter,
  onClose,
}: ListenPlayerProps) {
  const voices = useVoices();
  const offered = [...voices].sort((a, b) => Number(!a.lang.startsWith(lang)) - Number(!b.lang.startsWith(lang)));
  const [voiceName, setVoiceName] = useState<string | null>(null);
  const voice =
    offered.find((v) => v.name === voiceName) ??
    offered.find((v) => v.lang.startsWith(lang) && v.default) ??
    offered.find((v) => v.lang.startsWith(lang)) ??
    offered[0];
  const [rate, setRate] = useState(1);
  const [sleep, setSleep] = useState<SleepChoice>('off');
  const [playing, setPlaying] = useState(true);
  // The verse being read, as an index into the chapter it was counted in (a new chapter starts again).
  const [at, setAt] = useState<{ list: Verse[]; index: number } | null>(null);
  const [said, setSaid] = useState('');
  // A chapter change asked by the player itself continues from its first verse.
  const continuing = useRef(false);
  const settings = useRef({ voice, rate });
  settings.current = { voice, rate };

  // Where to start: the selected verse, then the first.
  useEffect(() => {
    if (!verses) return;
    setAt({ list: verses, index: readingPlan(verses, continuing.current ? null : startVerse) });
    continuing.current = false;
    // A new chapter (or the first) starts the plan again; the selected verse is read only at the start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verses]);

  // Speak the current verse; its end moves on.
  useEffect(() => {
    if (!playing || !verses || !at || at.list !== verses) return;
    const verse = verses[at.index];
    if (!verse) {
      if (sleep === 'chapter' || !onNextChapter()) {
        setPlaying(false);
        setSaid(sleep === 'chapter' ? 'Stopped at the end of the chapter (sleep timer).' : `Finished ${reference}.`);
        onVerse(null);
      } else {
        continuing.current = true;
      }
      return;
    }
    const u = new SpeechSynthesisUtterance(verse.text);
    if (settings.current.voice) u.voice = settings.current.voice;
    u.lang = settings.current.voice?.lang ?? lang;
    u.rate = settings.current.rate;
    let done = false;
    u.onend = () => {
      if (done) return;
      done = true;
      setAt((a) => a && { ...a, index: a.index + 1 });
    };
    u.onerror = (e) => {
      if (done || e.error === 'interrupted' || e.error === 'canceled') return;
      done = true;
      setPlaying(false);
      setSaid(`Listen stopped: ${e.error}.`);
    };
    onVerse(verse.number);
    setSaid(`Reading ${reference}:${verse.number}`);
    speechSynthesis.speak(u);
    return () => {
      done = true;
      speechSynthesis.cancel();
    };
    // Speed and voice restart the verse through `restart`; the rest is read from the refs.
  }, [playing, verses, at, restartKey(rate, voice)]); // eslint-disable-line react-hooks/exhaustive-deps

  // The sleep timer: stop after so many minutes.
  useEffect(() => {
    const minutes = typeof sleep === 'number' ? sleep : null;
    if (minutes === null || !playing) return;
    const t = setTimeout(() => {
      setPlaying(false);
      setSaid(`Stopped after ${minutes} minutes (sleep timer).`);
    }, minutes * 60_000);
    return () => clearTimeout(t);
  }, [sleep, playing]);

  useEffect(
    () => () => {
      speechSynthesis.cancel();
      onVerse(null);
    },
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const toggle = () => {
    setPlaying((p) => !p);
    setSaid(playing ? 'Paused.' : `Playing ${reference}.`);
  };

  return (
    <section aria-label="Listen" className="listen-bar">
      <button type="button" onClick={toggle} className="listen-play">
        {playing ? 'Pause' : 'Play'}
      </button>
      <label className="listen-field">
        <span>Speed</span>
        <select value={rate} onChange={(e) => setRate(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <label className="listen-field">
        <span>Voice</span>
        <select value={voice?.name ?? ''} onChange={(e) => setVoiceName(e.target.value)}>
          {offered.map((v) => (
            <option key={v.name} value={v.name}>
              {v.name} ({v.lang})
            </option>
          ))}
        </select>
      </label>
      <label className="listen-field">
        <span>Sleep timer</span>
        <select
          value={String(sleep)}
          onChange={(e) => setSleep(SLEEP_CHOICES.find((c) => String(c.id) === e.target.value)?.id ?? 'off')}
        >
          {SLEEP_CHOICES.map((c) => (
            <option key={String(c.id)} value={String(c.id)}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={onClose} className="listen-close">
        Stop listening
      </button>
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
    </section>
  );
}

/** What restarts the verse being read: a new speed or voice. */
const restartKey = (rate: number, voice: SpeechSynthesisVoice | undefined) => `${rate}|${voice?.name ?? ''}`;
