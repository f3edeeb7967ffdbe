/**
 * /crm/account/two-factor: the account's two-factor sign-in. When the college requires it and
 * this account has not set it up, this is the only page the signed-in area shows.
 */
import { useState } from 'react';
import type { RecoveryCodesAnswer, TwoFactorStatus } from '../../../../src/contract';
import { usePageTitle } from '../../shared/usePageTitle';
import { useStaffQuery } from '../../shared/useStaffQuery';
import { fetchTwoFactorStatus } from '../../shared/two-factor-api';
import { useTwoFactorGate } from '../../stores/two-factor';
import { LoadState, PageHeading } from '../PageHeading';
import { TwoFactorManage } from './TwoFactorManage';
import { TwoFactorSetup } from './TwoFactorSetup';
import { RecoveryCodes } from './RecoveryCodes';

function StatusLine({ status }: { status: TwoFactorStatus }) {
  return (
    <p className="crm-status-line">
      Two-factor sign-in is <strong>{status.enabled ? 'on' : 'off'}</strong> for your account.
    </p>
  );
}

export function TwoFactorPage() {
  usePageTitle('Two-factor sign-in');
  const setupRequired = useTwoFactorGate((state) => state.setupRequired);
  const { data, error, loading, reload } = useStaffQuery((signal) => fetchTwoFactorStatus(signal), 'two-factor');
  // New recovery codes are shown alone, once; the status reloads behind them.
  const [codes, setCodes] = useState<RecoveryCodesAnswer | null>(null);
  const showCodes = (answer: RecoveryCodesAnswer) => {
    setCodes(answer);
    reload();
  };

  if (codes) {
    return (
      <>
        <PageHeading>Two-factor sign-in</PageHeading>
        <RecoveryCodes codes={codes.recoveryCodes} message={codes.message} onDone={() => setCodes(null)} />
      </>
    );
  }

  return (
    <>
      <PageHeading>Two-factor sign-in</PageHeading>
      {setupRequired ? (
        <p className="crm-alert" role="alert">
          The college requires two-factor sign-in for every staff account. Set it up to continue.
        </p>
      ) : null}
      <LoadState loading={loading && !data} error={error} />
      {data ? <StatusLine status={data} /> : null}
      {data && !data.enabled ? <TwoFactorSetup onCodes={showCodes} /> : null}
      {data?.enabled ? <TwoFactorManage status={data} onChanged={reload} onCodes={showCodes} /> : null}
    </>
  );
}
