import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const c of chunks) parser.push(c);
  parser.end();
  return events;
}

describe('server-sent events parser', () => {
  it('reads named events with JSON data', () => {
    expect(parse(['event: delta\ndata: {"text":"Grace"}\n\nevent: done\ndata: {"response":"Grace"}\n\n'])).toEqual([
      { event: 'delta', data: '{"text":"Grace"}' },
      { event: 'done', data: '{"response":"Grace"}' },
    ]);
  });

  it('joins events split across chunks at any point, including inside CRLF', () => {
    const whole =
      'event: delta\r\ndata: {"text":"In the beginning"}\r\n\r\nevent: delta\r\ndata: {"text":" was the Word"}\r\n\r\n';
    for (let cut = 1; cut < whole.length; cut++) {
      expect(parse([whole.slice(0, cut), whole.slice(cut)]).map((e) => JSON.parse(e.data).text)).toEqual([
        'In the beginning',
        ' was the Word',
      ]);
    }
  });

  it('ignores comments, joins data lines, defaults the type to message, drops an unfinished event', () => {
    expect(parse([': keep-alive\n\ndata: a\ndata: b\n\nevent: delta\ndata: never ended'])).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('accepts a lone CR as a line end and no space after the colon', () => {
    expect(parse(['event:error\rdata:{"message":"x"}\r\r'])).toEqual([{ event: 'error', data: '{"message":"x"}' }]);
  });
});
