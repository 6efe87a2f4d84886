/**
 * A short, readable name for a session's device from its User-Agent: browser and system,
 * e.g. "Chrome on Windows". Only the common families are named; anything else is shown as
 * given (cut short) so nothing is hidden, and a missing agent is null.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/OPR\/\d|Opera/, 'Opera'],
  [/Firefox\/\d|FxiOS\/\d/, 'Firefox'],
  [/Chrome\/\d|CriOS\/\d|Chromium\/\d/, 'Chrome'],
  [/Safari\/\d/, 'Safari'],
  [/curl\/\d/, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function deviceName(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.trim();
  if (!ua) return null;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return ua.length > 60 ? `${ua.slice(0, 57)}…` : ua;
}
