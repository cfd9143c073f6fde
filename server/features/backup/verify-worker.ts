/** Child process of the scheduled backup's verification (verify.ts): restores the file named as its argument, answers the counts. */
import { failureReason, restoredCounts } from './verify.ts';

const file = process.argv[2];
try {
  const counts = await restoredCounts(file);
  process.send?.({ counts });
} catch (err) {
  process.send?.({ error: failureReason(err) });
}
process.disconnect?.();
