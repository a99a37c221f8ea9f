import type { ComponentProps } from 'react';
import { FormField } from '../../../components/FormField';
import { Button } from '../../../components/ui';

/** The e-mail a link is sent to, with Cancel and Send: the sign-in link and the password reset ask the same. */
export function EmailRequestFields(props: {
  label: string;
  field: Omit<ComponentProps<typeof FormField>, 'label'>;
  onCancel: () => void;
  pending: boolean;
  send: string;
  /** The reset dialog spaces its parts; the sign-in link's panel sets its own gap. */
  spaced?: boolean;
}) {
  return (
    <>
      <FormField
        className={props.spaced ? 'mt-5' : undefined}
        label={props.label}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        maxLength={254}
        autoFocus
        {...props.field}
      />
      <div className={`${props.spaced ? 'mt-6 ' : ''}flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}>
        <Button variant="outline" onClick={props.onCancel} className="justify-center">
          Cancel
        </Button>
        <Button type="submit" disabled={props.pending} className="justify-center">
          {props.pending ? 'Sending...' : props.send}
        </Button>
      </div>
    </>
  );
}
