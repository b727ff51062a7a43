// The catalogue: categories, tests, packages, offers and membership plans (lists, creates, edits).
import type {
  CategoryInput,
  OfferInput,
  PackageInput,
  PlanInput,
  StaffCategory,
  StaffOffer,
  StaffPackage,
  StaffPlan,
  StaffTest,
  StaffTestPage,
  TestInput,
} from '@lab/contract';
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** what a form sends: any field may be left out, and an empty number field is sent as null (the
 * server then names the field), so the person sees the same messages as any other API client */
export type Draft<T> = { [K in keyof T]?: T[K] | null };

/** a create (no id) or a partial edit (with id) of one kind of thing */
function useSave<In, Out>(resource: string, keys: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number | undefined; values: Draft<In> }) =>
      staffApi<Out>(id === undefined ? `/${resource}` : `/${resource}/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body: values }),
    onSuccess: () => refetchAfterChange(client, [...keys, queryKeys.staff('audit')]),
  });
}

export const useCategories = () =>
  useQuery({ queryKey: queryKeys.staff('categories'), queryFn: ({ signal }) => staffApi<StaffCategory[]>('/categories', { signal }) });
export const useSaveCategory = () => useSave<CategoryInput, StaffCategory>('categories', [queryKeys.staff('categories'), queryKeys.staff('tests'), queryKeys.staff('offers')]);

export interface TestFilters {
  q: string;
  category_id: string;
  active: '' | 'true' | 'false';
  offset: number;
  limit?: number;
}

export const TEST_PAGE = 20;

export const useTests = (f: TestFilters) =>
  useQuery({
    queryKey: queryKeys.staff('tests', f),
    queryFn: ({ signal }) =>
      staffApi<StaffTestPage>(`/tests${query({ q: f.q.trim(), category_id: f.category_id, active: f.active, limit: f.limit ?? TEST_PAGE, offset: f.offset })}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useSaveTest = () => useSave<TestInput, StaffTest>('tests', [queryKeys.staff('tests'), queryKeys.staff('categories'), queryKeys.staff('packages')]);

export const usePackages = () =>
  useQuery({ queryKey: queryKeys.staff('packages'), queryFn: ({ signal }) => staffApi<StaffPackage[]>('/packages', { signal }) });
export const useSavePackage = () => useSave<PackageInput, StaffPackage>('packages', [queryKeys.staff('packages')]);

export const useOffers = () => useQuery({ queryKey: queryKeys.staff('offers'), queryFn: ({ signal }) => staffApi<StaffOffer[]>('/offers', { signal }) });
export const useSaveOffer = () => useSave<OfferInput, StaffOffer>('offers', [queryKeys.staff('offers')]);

export const usePlans = () =>
  useQuery({ queryKey: queryKeys.staff('membership-plans'), queryFn: ({ signal }) => staffApi<StaffPlan[]>('/membership-plans', { signal }) });
export const useSavePlan = () => useSave<PlanInput, StaffPlan>('membership-plans', [queryKeys.staff('membership-plans')]);
