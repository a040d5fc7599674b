import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type RegisterFormInput, registerFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useRegister } from '../api/register.ts';

export function RegisterForm() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  // confirmPassword only guards the form; it is never sent.
  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      const user = await registerMutation.mutateAsync(values);
      toast({
        title: 'Registration successful',
        description: `Welcome to Rally, ${user.username}! Let's set up your organization.`,
      });
      navigate('/onboarding', { replace: true });
    } catch (err) {
      toast({
        title: 'Registration failed',
        description: errorMessage(err, 'Registration failed'),
        variant: 'destructive',
      });
    }
  });

  const e = errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Register">
      <FormField id="register-username" label="Username" error={e.username?.message}>
        <Input
          {...fieldAria('register-username', e.username?.message)}
          autoComplete="username"
          autoCapitalize="none"
          {...register('username')}
        />
      </FormField>
      <FormField id="register-email" label="Email" error={e.email?.message}>
        <Input
          {...fieldAria('register-email', e.email?.message)}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
      </FormField>
      <FormField id="register-password" label="Password" error={e.password?.message}>
        <Input
          {...fieldAria('register-password', e.password?.message)}
          type="password"
          autoComplete="new-password"
          {...register('password')}
        />
      </FormField>
      <FormField id="register-confirm-password" label="Confirm Password" error={e.confirmPassword?.message}>
        <Input
          {...fieldAria('register-confirm-password', e.confirmPassword?.message)}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Register'}
      </Button>
    </form>
  );
}
