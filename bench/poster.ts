// The QR poster's generation time and PDF size, English (Helvetica only) against Arabic
// (Noto Sans Arabic embedded and subset, shaped, bidi-ordered). The first poster of each
// is timed alone (fonts read and parsed), then the median of POSTER_RUNS more.
// Run: npx tsx bench/poster.ts
import { posterPdf } from '../src/server/modules/qr/poster.ts';
import { posterWords } from '../src/server/modules/qr/poster-words.ts';

const RUNS = Number(process.env.POSTER_RUNS ?? 20);
const POSTERS = {
  English: {
    organization: { name: 'River Friends', logo: null },
    name: 'Clean Rivers 2030',
    line: 'Join 300 volunteers on Saturday #CleanRivers',
    codeUrl: 'https://rally.example.org/supporter/1',
    printedUrl: 'rally.example.org/supporter/1',
    caption: posterWords('en').caption,
  },
  Arabic: {
    organization: { name: 'أصدقاء النهر', logo: null },
    name: 'أنهار نظيفة 2030',
    line: 'انضموا إلى 300 متطوع يوم السبت #CleanRivers',
    codeUrl: 'https://rally.example.org/supporter/1?lang=ar',
    printedUrl: 'rally.example.org/supporter/1?lang=ar',
    caption: posterWords('ar').caption,
  },
};

export async function main(): Promise<void> {
  for (const [label, poster] of Object.entries(POSTERS)) {
    let started = performance.now();
    const first = await posterPdf(poster);
    const firstMs = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await posterPdf(poster);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `poster ${label}: ${first.length} bytes; first ${firstMs.toFixed(0)} ms, median of ${RUNS} ${median.toFixed(1)} ms`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
