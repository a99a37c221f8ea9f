/** One server-sent event: its type ('message' when the server names none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser for a text/event-stream body (the WHATWG rules we need): chunks may split
 * anywhere, lines end in LF, CRLF or CR, a blank line dispatches, `:` starts a comment, one space
 * after the colon is dropped, several `data:` lines are joined with LF.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventType = '';
  let data: string[] = [];
  let pendingCr = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventType || 'message', data: data.join('\n') });
    eventType = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      // A CR at the end of the last chunk may be the first half of a CRLF.
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an event without its closing blank line is dropped, as the standard says. */
    end() {
      buffer = '';
      eventType = '';
      data = [];
    },
  };
}
