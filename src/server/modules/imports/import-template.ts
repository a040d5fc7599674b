import { IMPORT_COLUMNS } from '#shared/schemas/imports.ts';
import { csvRow } from '../stats/index.ts';

/** The template: the header and one example row of each asset type, to overwrite. */
export function importTemplateCsv(): string {
  const examples = [
    [
      'spring-01-banner',
      'spring-2026',
      'Spring drive',
      'draft',
      'image',
      'Banner',
      'Join us this spring!',
      'The spring banner',
      'https://example.org/banner.png',
    ],
    [
      'spring-01-clip',
      'spring-2026',
      'Spring drive',
      'draft',
      'video',
      'Short clip',
      'Watch and share',
      '',
      'https://example.org/clip.mp4',
    ],
    [
      'spring-01-post',
      'spring-2026',
      'Spring drive',
      'draft',
      'text',
      'Text post',
      'We need you this spring: sign up today',
      '',
      '',
    ],
  ];
  return [IMPORT_COLUMNS, ...examples].map((cells) => csvRow([...cells])).join('');
}
