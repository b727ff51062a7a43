// The names staff read for a container's problems (a rejection's reason, or what an accepted one had).
import type { SampleProblem } from '@lab/contract';

export const PROBLEM_LABELS: Record<SampleProblem, string> = {
  haemolysed: 'Haemolysed',
  clotted: 'Clotted',
  insufficient: 'Insufficient',
  wrong_container: 'Wrong container',
  unlabelled: 'Unlabelled',
  delayed: 'Delayed beyond stability',
  lipaemic: 'Lipaemic',
};
