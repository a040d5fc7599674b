import { ImageIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';

const COLOURS = [
  { id: 'brand-primary', label: 'Primary Color', value: '#4f46e5' },
  { id: 'brand-secondary', label: 'Secondary Color', value: '#0ea5e9' },
  { id: 'brand-accent', label: 'Accent Color', value: '#f59e0b' },
];

export function BrandingSettings() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Logo</CardTitle>
          <CardDescription>Shown on your supporter pages.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <div className="flex size-24 items-center justify-center rounded-lg border-2 border-dashed border-border bg-muted">
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          </div>
          <div className="space-y-2">
            <Button variant="outline">Upload Logo</Button>
            <p className="text-sm text-muted-foreground">Recommended size: 512x512 px. Max 2 MB.</p>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Brand Colors</CardTitle>
          <CardDescription>Used for buttons and highlights on supporter pages.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {COLOURS.map((c) => (
            <div key={c.id} className="space-y-1.5">
              <Label htmlFor={c.id}>{c.label}</Label>
              <div className="flex items-center gap-2">
                <input
                  id={c.id}
                  type="color"
                  defaultValue={c.value}
                  className="h-10 w-14 cursor-pointer rounded border border-border bg-white p-1"
                />
                <code className="text-sm text-muted-foreground">{c.value}</code>
              </div>
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
