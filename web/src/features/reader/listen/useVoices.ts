import { useEffect, useState } from 'react';

/**
 * The device's speech synthesis voices (Web Speech API); [] where the browser has none, so Listen
 * stays hidden. `afterMs`: first asked that long after mounting, so the reader's first seconds do
 * not wait on the speech engine.
 */
export function useVoices(afterMs = 0): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    const update = () => setVoices(speechSynthesis.getVoices());
    let listening = false;
    const start = () => {
      update();
      // Chromium lists its voices a moment after it is first asked.
      speechSynthesis.addEventListener('voiceschanged', update);
      listening = true;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (afterMs > 0) timer = setTimeout(start, afterMs);
    else start();
    return () => {
      clearTimeout(timer);
      if (listening) speechSynthesis.removeEventListener('voiceschanged', update);
    };
  }, [afterMs]);
  return voices;
}
