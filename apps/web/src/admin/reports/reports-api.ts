import type { AdminReportEnvelope, AdminReportList, ReportStatus } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

const listKey = (status: ReportStatus) => ['admin', 'reports', 'list', status] as const;
const reportKey = (id: string) => ['admin', 'reports', 'one', id] as const;

export function useReports(status: ReportStatus) {
  return useQuery({
    queryKey: listKey(status),
    queryFn: () => adminFetch<AdminReportList>('/reports', { query: { status } }),
  });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: reportKey(id),
    queryFn: () => adminFetch<AdminReportEnvelope>(`/reports/${id}`),
  });
}

export type Decision = { kind: 'reverse' | 'reject'; motivo: string };

export function useDecideReport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      adminFetch<AdminReportEnvelope>(`/reports/${id}/${decision.kind}`, {
        method: 'POST',
        body: { motivo: decision.motivo },
      }),
    // Decided here or by someone else (409): the queue and this page show what is true now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'reports'] }),
  });
}
