import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextFields, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';

interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** All three are password inputs: only the autofill hint tells them apart. */
const passwordField = (
  id: string,
  name: keyof PasswordChange,
  label: string,
  autoComplete: 'current-password' | 'new-password',
): TextFieldSpec<PasswordChange> => ({ id, name, label, type: 'password', autoComplete });

const FIELDS = [
  passwordField('current-password', 'currentPassword', 'Current Password', 'current-password'),
  passwordField('new-password', 'newPassword', 'New Password', 'new-password'),
  passwordField('confirm-new-password', 'confirmPassword', 'Confirm New Password', 'new-password'),
];

/** Only the confirmation is checked: changing the password is not offered yet. */
export function PasswordForm() {
  const { register, handleSubmit, reset } = useForm<PasswordChange>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (values.newPassword !== values.confirmPassword) {
      toast({
        title: "Passwords Don't Match",
        description: 'New password and confirmation must match',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Feature Coming Soon', description: 'Changing your password is not available yet.' });
    reset();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="password-title">Password</span>
        </CardTitle>
        <CardDescription>Change the password you sign in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-labelledby="password-title" className="space-y-4">
          <TextFields fields={FIELDS} register={register} />
          <div className="flex justify-end">
            <Button type="submit">Update Password</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
