import { queryOptions } from '@tanstack/react-query';
import type {
  DriftResponse,
  HistoryKind,
  HistoryResponse,
  ReplayedState,
  SupportAccessResponse,
  SupportAccountsResponse,
  SupportActionResponse,
  SupportExportResponse,
} from '@lectio/contracts/support';
import { getJson, postJson } from '../../../lib/api';

/** The support console's calls (404 for anyone without the support role) and the reader's own support-access list. */

export const searchAccounts = (q: string) =>
  getJson<SupportAccountsResponse>(`/api/support/accounts?q=${encodeURIComponent(q)}`);

export const accountHistory = (id: string, kinds: HistoryKind[]) =>
  getJson<HistoryResponse>(
    `/api/support/accounts/${encodeURIComponent(id)}/history${kinds.length ? `?kind=${kinds.join(',')}` : ''}`,
  );

export const accountState = (id: string, position?: string) =>
  getJson<ReplayedState>(
    `/api/support/accounts/${encodeURIComponent(id)}/state${position ? `?position=${position}` : ''}`,
  );

export const supportAction = (id: string, action: string, body: Record<string, unknown>) =>
  postJson<SupportActionResponse>(`/api/support/accounts/${encodeURIComponent(id)}/${action}`, body);

export const supportAccessQuery = queryOptions({
  queryKey: ['user', 'support-access'],
  queryFn: ({ signal }) => getJson<SupportAccessResponse>('/api/user/support-access', { signal }),
});

export const accountDrift = (id: string) =>
  getJson<DriftResponse>(`/api/support/accounts/${encodeURIComponent(id)}/drift`);

/** A data request: the account's rows and events as support may see them (recorded with the reason). */
export const exportAccount = (id: string, body: Record<string, unknown>) =>
  postJson<SupportExportResponse>(`/api/support/accounts/${encodeURIComponent(id)}/export`, body);
