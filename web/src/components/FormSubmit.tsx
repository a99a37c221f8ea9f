import { useState, type FormEvent } from 'react';
import { failureText, serverFieldErrors } from '../lib/apiErrors';
import type { useAccountForm } from './FormField';
import { toast } from './toast';
import { Button } from './ui';

export function SubmitButton({
  pending,
  idle,
  busy,
  className = 'w-full justify-center',
}: {
  pending: boolean;
  idle: string;
  busy: string;
  className?: string;
}) {
  return (
    <Button type="submit" size="lg" className={className} disabled={pending}>
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {pending ? busy : idle}
    </Button>
  );
}

/**
 * Every account form submits alike: validate, send, toast, then move on; on failure a destructive
 * toast with the server's message and its field errors beside the fields.
 */
export function useFormSubmit<K extends string, T>(
  form: ReturnType<typeof useAccountForm<K>>,
  send: (values: Record<K, string>) => Promise<T>,
  texts: { success: string; successDescription: string; failure: string },
  onSuccess: (result: T) => unknown,
  onFailure?: (error: unknown) => void,
) {
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !form.check()) return;
    setPending(true);
    try {
      const result = await send(form.values);
      toast({ title: texts.success, description: texts.successDescription });
      await onSuccess(result);
    } catch (err) {
      toast({ title: texts.failure, description: failureText(err, texts.failure), variant: 'destructive' });
      form.showServerErrors(serverFieldErrors(err));
      setPending(false);
      onFailure?.(err);
    }
  };
  return { pending, submit, done: () => setPending(false) };
}
