import { notesMessages } from '@lectio/contracts/notes';
import { DomainError } from '@lectio/platform';

/** The notes module's refusals; the HTTP edge maps each kind to its status (platform/src/http/errors.ts). */

/** A note on a verse the library does not hold (400, in the spec's field-error shape). */
export class UnknownNoteVerse extends DomainError {
  readonly kind = 'invalid';
  constructor(field: string) {
    super(notesMessages.unknownVerse, { errors: [{ field, message: notesMessages.unknownVerse }] });
  }
}

/** No such note on this reader's stream: another reader's note is not found either (404). */
export class NoteNotFound extends DomainError {
  readonly kind = 'not_found';
  constructor() {
    super(notesMessages.notFound);
  }
}

/** The reader keeps as many notes as one reader may (409: delete some first). */
export class NotesLimitReached extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(notesMessages.notesLimit);
  }
}

/** The reader's notes have recorded as many changes as one stream may hold (409). */
export class NoteChangesLimitReached extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(notesMessages.changesLimit);
  }
}
