import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Label, TextArea, TextField } from 'react-aria-components';
import {
  NOTE_COLORS,
  NOTE_TEXT_MAX,
  type NoteColor,
  type NoteKind,
  noteReference,
  notesMessages,
} from '@lectio/contracts/notes';
import { ActionMenu, type MenuAction } from '../../../components/ActionMenu';
import { AppDialog } from '../../../components/Dialog';
import { BookmarkIcon, MoreIcon, NoteIcon } from '../../../components/icons';
import { Button } from '../../../components/ui';
import { deleteNote, saveNote } from '../api/notes';
import { chapterNotesAtom, type ShownNote } from '../state/chapterNotes';
import { colorName } from './colors';

/** The verse the toolbar acts on. */
export interface NoteTarget {
  book: string;
  bookName: string;
  chapter: number;
  verse: number;
  /** The last verse of a marked range that starts at `verse`, or null. */
  verseEnd: number | null;
}

/** The reader's note of one kind on this verse (one that starts here first, else a range covering it). */
function noteOn(notes: readonly ShownNote[], kind: NoteKind, verse: number): ShownNote | undefined {
  const covering = notes.filter((n) => n.kind === kind && n.verse <= verse && verse <= (n.verseEnd ?? n.verse));
  return covering.find((n) => n.verse === verse) ?? covering[0];
}

/**
 * The verse toolbar's Highlight (five colours, a menu: arrow keys and Enter), Note (a text dialog)
 * and Bookmark (a toggle), with the toolbar's own actions (`children`) after them. On a phone
 * (`more` given) Note, Bookmark and `more`'s actions go into a 'More actions' menu after `children`,
 * so every action is there and the bar fits. Loaded when the toolbar first opens, not with the reader.
 */
export default function NoteActions({
  target,
  buttonClass,
  more,
  children,
}: {
  target: NoteTarget;
  buttonClass: string;
  more?: readonly MenuAction[];
  children?: ReactNode;
}) {
  const notes = useAtomValue(chapterNotesAtom);
  const highlight = noteOn(notes, 'highlight', target.verse);
  const note = noteOn(notes, 'note', target.verse);
  const bookmark = noteOn(notes, 'bookmark', target.verse);
  const [writing, setWriting] = useState(false);
  const place = { book: target.book, chapter: target.chapter };
  // An existing note keeps its verses; a new one covers the marked range, if any.
  const at = (existing: ShownNote | undefined) =>
    existing
      ? { ...place, verse: existing.verse, verseEnd: existing.verseEnd }
      : { ...place, verse: target.verse, verseEnd: target.verseEnd };

  const paint = (color: NoteColor) =>
    saveNote({ id: highlight?.id ?? crypto.randomUUID(), kind: 'highlight', ...at(highlight), color });
  const colours: MenuAction[] = NOTE_COLORS.map((c) => ({
    id: c,
    label: colorName(c),
    textValue: colorName(c),
    // A firm edge: the five colours are pale on the menu's white.
    icon: <span className="size-5 rounded-full border border-ink/35" data-swatch={c} />,
    note: highlight?.color === c ? '(current)' : undefined,
    onAction: () => paint(c),
  }));
  if (highlight)
    colours.push({
      id: 'remove',
      label: 'Remove highlight',
      textValue: 'Remove highlight',
      onAction: () => deleteNote(highlight.id),
    });

  const toggleBookmark = () =>
    bookmark ? deleteNote(bookmark.id) : saveNote({ id: crypto.randomUUID(), kind: 'bookmark', ...at(undefined) });
  const noteLabel = note ? 'Edit note' : 'Note';

  return (
    <>
      <ActionMenu
        menuLabel="Highlight colours"
        triggerClass={buttonClass}
        trigger={
          <>
            {highlight && (
              <span
                aria-hidden="true"
                className="size-3 rounded-full border border-line"
                data-swatch={highlight.color ?? 'yellow'}
              />
            )}
            Highlight
          </>
        }
        items={colours}
      />
      {more ? (
        <>
          {children}
          <ActionMenu
            menuLabel="More actions"
            triggerLabel="More actions"
            triggerClass={buttonClass}
            trigger={<MoreIcon width={18} height={18} aria-hidden="true" />}
            placement="top end"
            items={[
              ...more,
              {
                id: 'note',
                label: noteLabel,
                textValue: noteLabel,
                icon: <NoteIcon width={16} height={16} />,
                onAction: () => setWriting(true),
              },
              {
                id: 'bookmark',
                label: bookmark ? 'Remove bookmark' : 'Bookmark',
                textValue: bookmark ? 'Remove bookmark' : 'Bookmark',
                icon: <BookmarkIcon width={16} height={16} fill={bookmark ? 'currentColor' : 'none'} />,
                onAction: toggleBookmark,
              },
            ]}
          />
        </>
      ) : (
        <>
          <button type="button" className={buttonClass} onClick={() => setWriting(true)}>
            <NoteIcon width={16} height={16} aria-hidden="true" /> {noteLabel}
          </button>
          <button type="button" className={buttonClass} aria-pressed={!!bookmark} onClick={toggleBookmark}>
            <BookmarkIcon width={16} height={16} aria-hidden="true" fill={bookmark ? 'currentColor' : 'none'} />{' '}
            Bookmark
          </button>
          {children}
        </>
      )}
      {writing && (
        <NoteDialog
          target={target}
          note={note}
          onClose={() => setWriting(false)}
          save={(text) => saveNote({ id: note?.id ?? crypto.randomUUID(), kind: 'note', ...at(note), text })}
        />
      )}
    </>
  );
}

function NoteDialog({
  target,
  note,
  onClose,
  save,
}: {
  target: NoteTarget;
  note: ShownNote | undefined;
  onClose(): void;
  save(text: string): void;
}) {
  const [text, setText] = useState(note?.text ?? '');
  const reference = noteReference(target.bookName, note ?? target);
  const tooLong = text.length > NOTE_TEXT_MAX;
  const empty = text.trim() === '';
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && onClose()} title={`Note on ${reference}`} maxWidth={560}>
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (tooLong || empty) return;
          save(text);
          onClose();
        }}
      >
        <TextField value={text} onChange={setText} isInvalid={tooLong} className="grid gap-1.5" autoFocus>
          <Label className="text-sm font-medium">Your note</Label>
          <TextArea
            rows={8}
            className="w-full rounded-lg border border-line bg-surface p-3 text-base text-ink outline-none focus:border-accent"
          />
        </TextField>
        <p className={`text-xs ${tooLong ? 'text-danger' : 'text-muted'}`} aria-live="polite">
          {tooLong
            ? notesMessages.textTooLong
            : `${text.length.toLocaleString('en-US')} / ${NOTE_TEXT_MAX.toLocaleString('en-US')} characters`}
        </p>
        {note && note.history.some((v) => v.text) && (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted">
              Earlier versions ({note.history.filter((v) => v.text).length})
            </summary>
            <ul className="mt-2 grid gap-2">
              {note.history
                .filter((v) => v.text)
                .map((v, i) => (
                  <li key={i} className="whitespace-pre-wrap rounded-md bg-raised p-2">
                    <span className="block text-xs text-muted">{new Date(v.savedAt).toLocaleString()}</span>
                    {v.text}
                  </li>
                ))}
            </ul>
          </details>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {note && (
            <Button
              variant="outline"
              className="mr-auto"
              onClick={() => {
                deleteNote(note.id);
                onClose();
              }}
            >
              Delete note
            </Button>
          )}
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={tooLong || empty}>
            Save note
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
