import type { AdminReportEnvelope, AdminReportList, DisputeDecision, ReportStatus } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';
import { useListPages } from '../list-pages';

const listKey = (status: ReportStatus) => ['admin', 'reports', 'list', status] as const;
const reportKey = (id: string) => ['admin', 'reports', 'one', id] as const;

export function useReports(status: ReportStatus) {
  return useListPages<AdminReportList>(listKey(status), '/reports', { status });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: reportKey(id),
    queryFn: () => adminFetch<AdminReportEnvelope>(`/reports/${id}`),
  });
}

/** A decision with its reason; a posted payment's refund names the part that goes back. */
export type Decision = { kind: DisputeDecision; motivo: string; quantidade_centis?: number };

export function useDecideReport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      adminFetch<AdminReportEnvelope>(`/reports/${id}/${decision.kind}`, {
        method: 'POST',
        body: {
          motivo: decision.motivo,
          ...(decision.quantidade_centis === undefined
            ? {}
            : { quantidade_centis: decision.quantidade_centis }),
        },
      }),
    // The answer is the dispute as it now stands: its page shows the outcome without a round trip.
    onSuccess: (data) => client.setQueryData(reportKey(id), data),
    // Decided here or by someone else (409): the queue and this page show what is true now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'reports'] }),
  });
}
