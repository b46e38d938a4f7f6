import { type AdminUserHit, type AgentHours, isCommune, isValidAgentHours } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorCodeOf } from '../api';
import { useAdminText } from '../i18n';
import { BackLink } from '../query-state';
import { SectionHeader } from '../section-header';
import { useCreateAgent } from './agents-api';
import { CommuneSelect } from './commune-select';
import { HoursEditor, WORKING_WEEK } from './hours-editor';
import { PersonPicker } from './person-picker';
import { agentsTexts } from './texts';

type Problems = Partial<Record<'person' | 'business' | 'commune' | 'address' | 'hours', string>>;

/** Support makes a level-2 person an agent: who, the shop's name, where, and when it is open. */
export function CreatePage() {
  const t = useAdminText(agentsTexts);
  const navigate = useNavigate();
  const create = useCreateAgent();
  const [person, setPerson] = useState<AdminUserHit | null>(null);
  const [business, setBusiness] = useState('');
  const [commune, setCommune] = useState('');
  const [address, setAddress] = useState('');
  const [hours, setHours] = useState<AgentHours>(WORKING_WEEK);
  const [problems, setProblems] = useState<Problems>({});
  const failure = errorCodeOf(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Problems = {};
    if (!person) next.person = t('new.personRequired');
    if (!business.trim()) next.business = t('new.businessRequired');
    if (!isCommune(commune)) next.commune = t('new.communeRequired');
    if (!address.trim()) next.address = t('new.addressRequired');
    if (!isValidAgentHours(hours)) next.hours = t('new.hoursInvalid');
    setProblems(next);
    if (Object.keys(next).length > 0 || !person) return;
    create.mutate(
      {
        user_id: person.id,
        nome_comercial: business.trim(),
        comuna: commune,
        endereco: address.trim(),
        horario: hours,
      },
      { onSuccess: (detail) => navigate(`../${detail.agente.id}?created=1`, { relative: 'path' }) },
    );
  };

  return (
    <section className="flex flex-col gap-4">
      <BackLink label={t('back')} />
      <SectionHeader title={t('new.title')} intro={t('new.intro')} />
      <Card className="p-4">
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="agent-form">
          <PersonPicker chosen={person} onChoose={setPerson} error={problems.person} />
          <Field label={t('new.business')} hint={t('new.businessHint')} error={problems.business}>
            {(c) => (
              <Input {...c} maxLength={80} value={business} onChange={(e) => setBusiness(e.target.value)} />
            )}
          </Field>
          <Field label={t('new.commune')} error={problems.commune}>
            {(c) => (
              <CommuneSelect {...c} value={commune} empty={t('new.communeChoose')} onChange={setCommune} />
            )}
          </Field>
          <Field label={t('new.address')} error={problems.address}>
            {(c) => (
              <Input {...c} maxLength={200} value={address} onChange={(e) => setAddress(e.target.value)} />
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-base font-semibold text-slate-800">{t('new.hours')}</legend>
            <p className="text-sm text-slate-600">{t('new.hoursHint')}</p>
            <HoursEditor hours={hours} onChange={setHours} />
            {problems.hours ? <p className="text-sm font-medium text-accent-700">{problems.hours}</p> : null}
          </fieldset>
          {failure ? (
            <p role="alert" className="text-sm font-medium text-accent-700">
              {t(`error.${failure}`)}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" disabled={create.isPending}>
            {t('new.submit')}
          </Button>
        </form>
      </Card>
    </section>
  );
}
