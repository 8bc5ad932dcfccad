import type { Orm } from '../platform/db/connect';
import { verifyActivityChains } from './activity-verify';

/** What `npm run audit:verify` prints: a line per broken chain, then the verdict; ok when every chain holds. */
export async function auditReport(db: Orm, secret: Buffer): Promise<{ lines: string[]; ok: boolean }> {
  const { chains, broken } = await verifyActivityChains(db, secret);
  const lines = broken.map((link) => {
    const property = link.propertyId ?? '(no property)';
    const entry = link.entryId ? `entry ${link.entryId} (#${link.seq})` : 'no entry left';
    return `Broken: property ${property}, ${entry}: ${link.problem}`;
  });
  lines.push(broken.length ? `${broken.length} of ${chains} chains broken.` : `All ${chains} activity chains hold.`);
  return { lines, ok: broken.length === 0 };
}
