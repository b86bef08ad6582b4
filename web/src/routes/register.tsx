import { createFileRoute, redirect } from '@tanstack/react-router';

// Registration is a panel of the sign-in screen; a signed-in user has nothing to register.
export const Route = createFileRoute('/register')({
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});
