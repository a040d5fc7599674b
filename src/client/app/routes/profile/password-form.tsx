import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';

interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

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
          <FormField id="current-password" label="Current Password">
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              {...register('currentPassword')}
            />
          </FormField>
          <FormField id="new-password" label="New Password">
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              {...register('newPassword')}
            />
          </FormField>
          <FormField id="confirm-new-password" label="Confirm New Password">
            <Input
              id="confirm-new-password"
              type="password"
              autoComplete="new-password"
              {...register('confirmPassword')}
            />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit">Update Password</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
