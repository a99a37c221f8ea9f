import { useEffect, useState, type ReactNode } from 'react';
import { Header } from '../../../components/Header';
import { PageHeading } from '../../../components/PageHeading';
import { SettingsIcon } from '../../../components/icons';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/Tabs';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { changePassword, signOutOtherDevices } from '../api/account';
import { failureText } from '../../../lib/apiErrors';
import { PASSWORD_MAX, validateChangePassword } from '../state/accountForms';
import { FormField, useAccountForm } from '../../../components/FormField';
import { SubmitButton, useFormSubmit } from '../../../components/FormSubmit';
import { formatLongDate } from '../state/accountDisplay';
import { refreshAuth, useUser, type User } from '../../../lib/auth';
// The Profile tab's cards look like the Subscription tab's: the same pieces.
import { Card, Facts } from '../../../components/Card';
import { StatusBadge } from './StatusBadge';
import { NewPasswordFields } from './NewPasswordFields';

/** What other features show on the account page, plugged in by pages/AccountScreen.tsx (accounts imports no feature). */
export interface AccountSlots {
  /** Below the Profile tab's own cards (support access, the data download). */
  profileCards: ReactNode;
  /** The Subscription tab (billing's). */
  subscriptionTab(user: User): ReactNode;
}

export default function AccountPage({ profileCards, subscriptionTab }: AccountSlots) {
  const user = useUser();
  // The header and the guard already know the user; fetch once more for fresh subscription facts.
  useEffect(() => {
    void refreshAuth();
  }, []);
  if (!user) return null; // the protected route sends signed-out visitors to /auth

  return (
    <>
      <Header />
      <main id="main" className="mx-auto w-full max-w-3xl px-5 py-10">
        <PageHeading icon={<SettingsIcon />} title="Account Settings" backTo="/" />

        <Tabs defaultSelectedKey="profile">
          <TabList aria-label="Account sections" inline>
            <Tab id="profile" className="px-5">
              Profile
            </Tab>
            <Tab id="subscription" className="px-5">
              Subscription
            </Tab>
          </TabList>
          <TabPanel id="profile" className="grid gap-4">
            <ProfileSection user={user} />
            <ChangePasswordSection />
            <OtherDevicesSection />
            {profileCards}
          </TabPanel>
          <TabPanel id="subscription">{subscriptionTab(user)}</TabPanel>
        </Tabs>
      </main>
    </>
  );
}

function ProfileSection({ user }: { user: User }) {
  return (
    <Card title="Profile" description="Your account details.">
      <Facts
        items={[
          ['Username', user.username],
          ['Email', user.email],
          ['Joined', formatLongDate(user.createdAt)],
          ['Subscription status', <StatusBadge key="s" status={user.subscriptionStatus} />],
        ]}
      />
    </Card>
  );
}

/** Changing the password signs out every other device; this browser stays signed in. */
function ChangePasswordSection() {
  const form = useAccountForm({ currentPassword: '', password: '', confirmPassword: '' }, validateChangePassword);
  const { pending, submit, done } = useFormSubmit(
    form,
    (v) =>
      changePassword({ currentPassword: v.currentPassword, password: v.password, confirmPassword: v.confirmPassword }),
    {
      success: 'Password changed',
      successDescription: 'Other devices have been signed out.',
      failure: 'Password change failed',
    },
    () => {
      form.reset();
      done();
    },
  );
  return (
    <Card title="Change password" description="Changing your password signs you out on every other device.">
      <form noValidate onSubmit={submit} className="grid max-w-md gap-4" aria-label="Change password">
        <FormField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...form.field('currentPassword')}
        />
        <NewPasswordFields field={form.field} label="New Password" confirmLabel="Confirm New Password" />
        <SubmitButton
          pending={pending}
          idle="Change Password"
          busy="Changing Password..."
          className="justify-self-start"
        />
      </form>
    </Card>
  );
}

/** For a shared or lost device: end every session but this one. */
function OtherDevicesSection() {
  const [pending, setPending] = useState(false);
  const signOutOthers = async () => {
    setPending(true);
    try {
      const { message } = await signOutOtherDevices();
      toast({ title: 'Other devices signed out', description: message });
    } catch (err) {
      toast({
        title: 'Sign-out failed',
        description: failureText(err, 'Could not sign out other devices'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card title="Devices" description="Signed in on a shared or lost device? Sign out everywhere except here.">
      <Button variant="outline" onClick={signOutOthers} disabled={pending}>
        {pending ? 'Signing out...' : 'Sign Out Other Devices'}
      </Button>
    </Card>
  );
}
