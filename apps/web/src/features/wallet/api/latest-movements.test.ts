import type { StatementPage, Transaction } from '@kreyolcash/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { movementReported, movementsMissed, placeConfirmedMovement } from './latest-movements';

const latestKey = ['wallet', 'transactions', { limit: 3 }];
const statementKey = ['wallet', 'transactions', 'pages', { limit: 20 }];
const movement = (id: string) => ({ id, status: 'concluida' }) as unknown as Transaction;

function setUp() {
  const queryClient = new QueryClient();
  const page: StatementPage = { items: [movement('a'), movement('b'), movement('c')], next_cursor: 'c' };
  queryClient.setQueryData(latestKey, page);
  queryClient.setQueryData(statementKey, { pages: [page], pageParams: [undefined] });
  return { queryClient, latest: () => queryClient.getQueryState(latestKey) };
}

describe('the latest movements after a confirmed transfer', () => {
  it('puts the confirmed movement on top, and its own events do not make the list read again', () => {
    const { queryClient, latest } = setUp();
    // The stream reports the transfer as it starts (before its answer), then as it completes.
    movementReported(queryClient, 'new-1');
    expect(latest()?.isInvalidated).toBe(true);
    placeConfirmedMovement(queryClient, movement('new-1'));
    expect(queryClient.getQueryData<StatementPage>(latestKey)?.items.map((item) => item.id)).toEqual([
      'new-1',
      'a',
      'b',
    ]);
    expect(latest()?.isInvalidated).toBe(false);
    movementReported(queryClient, 'new-1');
    expect(latest()?.isInvalidated).toBe(false);
    // Every other list still follows the ledger.
    expect(queryClient.getQueryState(statementKey)?.isInvalidated).toBe(true);
  });

  it('leaves the list to be read again when anything else moved since it was read', () => {
    const { queryClient, latest } = setUp();
    movementReported(queryClient, 'someone-paid-me');
    placeConfirmedMovement(queryClient, movement('new-2'));
    expect(latest()?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData<StatementPage>(latestKey)?.items[0]?.id).toBe('a');
  });

  it('leaves the list to be read again after the stream was down', () => {
    const { queryClient, latest } = setUp();
    movementsMissed(queryClient);
    placeConfirmedMovement(queryClient, movement('new-3'));
    expect(latest()?.isInvalidated).toBe(true);
  });
});
