import { Heading } from 'react-aria-components';
import { useAccountForm } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { useFormSubmit } from '../../../components/FormSubmit';
import { requestPasswordReset } from '../api/account';
import { emailError } from '../state/accountForms';
import { EmailRequestFields } from './EmailRequestFields';

/** 'Forgot password?' on /auth: its own chunk, so the page's first load has no overlay code. */
export default function ForgotPasswordDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    // The form lives inside the dialog, so closing it (or a successful send) resets it.
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} className="max-w-md">
      {({ close }) => <ForgotPasswordForm close={close} />}
    </Modal>
  );
}

function ForgotPasswordForm({ close }: { close: () => void }) {
  const form = useAccountForm({ email: '' }, (v) => {
    const email = emailError(v.email);
    return email ? { email } : {};
  });
  const { pending, submit } = useFormSubmit(
    form,
    (v) => requestPasswordReset({ email: v.email.trim() }),
    {
      success: 'Password reset email sent',
      successDescription: 'If your email is registered, you will receive a password reset link',
      failure: 'Password reset request failed',
    },
    () => {
      form.reset();
      close();
    },
  );

  return (
    <form noValidate onSubmit={submit}>
      <Heading slot="title" className="font-serif text-2xl font-semibold">
        Reset your password
      </Heading>
      <p className="mt-1 text-sm text-muted">
        Enter your email address and we'll send you a link to reset your password.
      </p>
      <EmailRequestFields
        label="Email"
        field={form.field('email')}
        onCancel={close}
        pending={pending}
        send="Send Reset Link"
        spaced
      />
    </form>
  );
}
