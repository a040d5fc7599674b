import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type LoginInput, loginSchema } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useLogin } from '../api/login.ts';

export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  // mutateAsync: its promise settles even if this form unmounts once the user is set.
  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await loginMutation.mutateAsync(values);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      navigate('/', { replace: true });
    } catch (err) {
      toast({
        title: 'Login failed',
        description: errorMessage(err, 'Login failed'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Login">
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        <Input
          {...fieldAria('login-username', errors.username?.message)}
          autoComplete="username"
          autoCapitalize="none"
          {...register('username')}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          {...fieldAria('login-password', errors.password?.message)}
          type="password"
          autoComplete="current-password"
          {...register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
