import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';

export function CampaignNotFound() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Campaign Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        Sorry, the campaign you are looking for does not exist or has been removed.
      </p>
      <Button
        onClick={() => {
          // A shared link is often the first page of the tab: then there is nothing to go back to.
          if (window.history.length > 1) navigate(-1);
          else navigate('/');
        }}
      >
        Go Back
      </Button>
    </main>
  );
}
