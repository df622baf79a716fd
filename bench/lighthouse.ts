/** Lighthouse on the landing page (phone profile) with Debian's Chromium, when a Lighthouse that runs on this Node is installed. */
export type LighthouseFigures = { performance: number; accessibility: number; bestPractices: number; version: string } | { skipped: string };

export async function measureLighthouse(_log: (line: string) => void): Promise<LighthouseFigures> {
  return { skipped: 'not measured yet' };
}
