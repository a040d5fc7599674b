import { useForm } from 'react-hook-form';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useUpdateProfile } from '#client/features/auth/index.ts';

interface PersonalInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const fromUser = (user: PublicUser): PersonalInfo => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
});

/** These fields have no client-side rules: the server validates, and its answer is shown as is. */
export function PersonalInfoForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, reset } = useForm<PersonalInfo>({ values: fromUser(user) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(fromUser(saved));
      toast({ title: 'Profile Updated', description: 'Your profile information has been saved.' });
    } catch (err) {
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update profile'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="personal-info-title">Personal Information</span>
        </CardTitle>
        <CardDescription>Update your name and contact details.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-labelledby="personal-info-title" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First Name">
              <Input id="profile-first-name" autoComplete="given-name" {...register('firstName')} />
            </FormField>
            <FormField id="profile-last-name" label="Last Name">
              <Input id="profile-last-name" autoComplete="family-name" {...register('lastName')} />
            </FormField>
          </div>
          <FormField id="profile-email" label="Email">
            <Input id="profile-email" type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField id="profile-phone" label="Phone">
            <Input id="profile-phone" type="tel" autoComplete="tel" {...register('phone')} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
