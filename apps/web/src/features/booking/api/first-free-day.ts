// The first free day for the booking page's "when" step on a phone (decision 078): walked a day at a
// time through the slots query (the same key and answer the slot picker shows, cached per date and kind
// of visit), so the day found shows its times at once and a walk asked again (Back and Next, the kind
// of visit changed and changed back) is answered from the cache without asking the API.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getSlots } from '../../../shared/api/slots.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { firstFreeDay } from '../lib/first-free-day.ts';

/** how long a day's answer is good for the walk; what the picker shows it asks again as it always has */
const WALK_FRESH_MS = 60_000;

/** the walk's state for one kind of visit and one latest time: looking, the day found, none in the days walked, or the API failed */
export type FirstFreeDay = { state: 'looking' } | { state: 'found'; date: string } | { state: 'none' } | { state: 'failed' };

export interface FirstFreeDayArgs {
  /** walk now: the step is open, on a phone, and the patient has not chosen a date */
  wanted: boolean;
  /** today in India */
  from: string;
  homeSample: boolean;
  /** the selected tests' latest sensible time, or null */
  latestTime: string | null;
}

/** the first free day for these choices once walked (null until asked for them); the walk runs only while wanted */
export function useFirstFreeDay({ wanted, from, homeSample, latestTime }: FirstFreeDayArgs): FirstFreeDay | null {
  const queryClient = useQueryClient();
  const key = `${from} ${homeSample} ${latestTime ?? ''}`;
  const [answer, setAnswer] = useState<{ key: string; day: FirstFreeDay } | null>(null);
  const settled = answer?.key === key && answer.day.state !== 'looking';
  useEffect(() => {
    if (!wanted || settled) return;
    const walk = new AbortController();
    setAnswer({ key, day: { state: 'looking' } });
    const ask = (date: string) => queryClient.fetchQuery({ queryKey: queryKeys.slots(date, homeSample), queryFn: ({ signal }) => getSlots(date, homeSample, signal), staleTime: WALK_FRESH_MS });
    firstFreeDay(from, ask, latestTime, walk.signal).then(
      (day) => {
        if (!walk.signal.aborted) setAnswer({ key, day: day ? { state: 'found', date: day.date } : { state: 'none' } });
      },
      () => {
        if (!walk.signal.aborted) setAnswer({ key, day: { state: 'failed' } });
      },
    );
    return () => walk.abort();
  }, [wanted, settled, key, from, homeSample, latestTime, queryClient]);
  return answer?.key === key ? answer.day : null;
}
