import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// A session's browser and system in a few words ("Chrome on Windows"), from its
// User-Agent header. Order matters: Edge and Opera also say Chrome, Chrome says Safari.

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function summarizeUserAgent(ua: string | null | undefined): string {
  if (!ua?.trim()) return i18n._(msg`Unknown device`);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return i18n._(msg`${browser} on ${system}`);
  return browser ?? system ?? (ua.length > 40 ? `${ua.slice(0, 40)}…` : ua);
}
