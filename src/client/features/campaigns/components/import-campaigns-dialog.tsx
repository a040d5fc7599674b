import { Trans, useLingui } from '@lingui/react/macro';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_IMPORT_ROWS, type ImportResult } from '#shared/schemas/imports.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { TitledDialog } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { IMPORT_TEMPLATE_URL, useImportCampaigns } from '../api/import-campaigns.ts';
import { importProblemWords, importRefusalWords } from '../lib/import-problem-words.ts';

/**
 * Campaigns > Import: a CSV or JSON file (docs/api.md "Bulk import") is checked at
 * once (a dry run: nothing is written) and previewed row by row with each problem in
 * red; "Import" writes it all, and is offered only when every row is valid.
 */
export function ImportCampaignsDialog({ onImported }: { onImported?: (result: ImportResult) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <UploadIcon aria-hidden /> <Trans>Import</Trans>
        </Button>
      }
      title={t`Import campaigns`}
      description={t`Add or update campaigns and their assets from a CSV or JSON file, one row per asset. Rows with an external_id update what an earlier import made.`}
      contentClassName="sm:max-w-3xl"
    >
      {open && (
        <ImportForm
          onImported={(result) => {
            setOpen(false);
            onImported?.(result);
          }}
        />
      )}
    </TitledDialog>
  );
}

function ImportForm({ onImported }: { onImported: (result: ImportResult) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const importer = useImportCampaigns();

  const check = (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setRefusal(null);
    if (!picked) return;
    importer.mutate(
      { file: picked, dryRun: true },
      {
        onSuccess: setPreview,
        onError: (err) => setRefusal(importRefusalWords(i18n, err, t`The file could not be checked.`)),
      },
    );
  };

  const run = () => {
    if (!file) return;
    importer.mutate(
      { file, dryRun: false },
      {
        onSuccess: (result) => {
          const { rows: n, campaignsCreated: created, campaignsUpdated: updated } = result.summary;
          toast({
            title: t`Import done`,
            description: t`${n} rows imported: ${created} campaigns created, ${updated} updated.`,
          });
          onImported(result);
        },
        onError: (err) =>
          toast({
            title: t`Nothing was imported`,
            description: importRefusalWords(i18n, err, t`Please try again.`),
            variant: 'destructive',
          }),
      },
    );
  };

  const rows = preview?.summary.rows ?? 0;
  const fileName = file?.name;
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={id}>
          <Trans>CSV or JSON file</Trans>
        </Label>
        <Input
          id={id}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          className="h-auto"
          disabled={importer.isPending}
          onChange={(e) => {
            check(e.target.files?.[0] ?? null);
            // Cleared, so choosing the same file again once it is fixed checks it again.
            e.target.value = '';
          }}
          aria-describedby={`${id}-help`}
        />
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          <Trans>
            At most {MAX_IMPORT_ROWS} rows. Images and videos are downloaded from their media_url into your
            uploads.
          </Trans>{' '}
          <a href={IMPORT_TEMPLATE_URL} download className="inline-flex items-center gap-1 underline">
            <DownloadIcon className="size-3.5" aria-hidden /> <Trans>Download template</Trans>
          </a>
        </p>
      </div>

      {fileName && (
        <p className="text-sm" dir="auto">
          <Trans>File: {fileName}</Trans>
        </p>
      )}
      {importer.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {preview ? <Trans>Importing...</Trans> : <Trans>Checking the file...</Trans>}
        </p>
      )}
      {refusal && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      {preview && <ImportPreview result={preview} />}

      <div className="flex justify-end">
        <Button onClick={run} disabled={!preview?.valid || importer.isPending}>
          <Trans>Import {rows} rows</Trans>
        </Button>
      </div>
    </div>
  );
}

function ImportPreview({ result }: { result: ImportResult }) {
  const { t, i18n } = useLingui();
  const invalid = result.summary.invalidRows;
  return (
    <div className="space-y-2">
      <p role="status" className={result.valid ? 'text-sm' : 'text-sm font-medium text-destructive'}>
        {result.valid ? (
          <Trans>Every row is valid: nothing has been written yet.</Trans>
        ) : (
          <Trans>
            {invalid} rows have errors: fix the file and choose it again. Nothing is imported until every row
            is valid.
          </Trans>
        )}
      </p>
      <div className="max-h-80 overflow-y-auto">
        <DataTable columns={[t`Row`, t`Action`, t`Campaign`, t`Title`, t`Errors`]}>
          {result.rows.map((row) => (
            <tr key={row.row} className="border-t align-top" data-testid="import-row">
              <td className="py-2 pe-4">{row.row}</td>
              <td className="py-2 pe-4">{row.action === 'create' ? t`Create` : t`Update`}</td>
              <td className="py-2 pe-4" dir="auto">
                {row.campaign}
              </td>
              <td className="py-2 pe-4" dir="auto">
                {row.title}
              </td>
              <td className="py-2">
                {row.errors.length === 0 ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <ul className="space-y-1 text-destructive">
                    {row.errors.map((e) => (
                      <li key={`${e.column}:${e.message}`}>
                        {/* Worded from its rule, in the reader's language. */}
                        <span className="font-mono">{e.column}</span>: {importProblemWords(i18n, e)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
    </div>
  );
}
