import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import type { LabelView } from '../../../../shared/schemas/label';
import { api, ApiError } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { useSession } from '../../app/session';
import { FormShell } from '../../components/form-shell';
import { useNestedRows } from '../../components/nested-rows';
import { NestedRowsEditor } from '../../components/nested-rows-editor';
import { RecordState } from '../../components/record-state';
import { LABEL_MODES, useLabelResource, useRefreshLabels, type LabelMode } from './label-api';
import { LabelFormFields } from './label-form-fields';
import {
  emptyLabelValues,
  labelIdentifierRows,
  labelToValues,
  labelUrlRows,
  nestedErrorKey,
  toLabelPayload,
  validateLabelForm,
  validateLogoFile,
  type IdentifierRowValues,
  type LabelFormValues,
  type UrlRowValues,
} from './label-form-model';
import { LogoField } from './logo-field';
import { NEW_LABEL_ID, uploadLabelLogo } from './logo-upload';

type Saved = { label: LabelView; message?: string };

/**
 * The one label form (create and edit, tenant and admin). A new logo is uploaded first and sent
 * with the save (on create under the label id `new`), so a refused logo saves nothing; with no
 * new logo, logo_key is left out.
 */
function LabelForm({ mode, label }: { mode: LabelMode; label?: LabelView }) {
  const conf = LABEL_MODES[mode];
  const navigate = useNavigate();
  const refresh = useRefreshLabels();
  const { company } = useSession();
  const isNew = !label;
  const [values, setValues] = useState<LabelFormValues>(() => (label ? labelToValues(label) : emptyLabelValues()));
  const urls = useNestedRows<UrlRowValues>(labelUrlRows(label));
  const identifiers = useNestedRows<IdentifierRowValues>(labelIdentifierRows(label));
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof LabelFormValues>(key: K, value: LabelFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field's error goes once the user changes it; the next save checks again.
    setErrors((e) => (key in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  };

  const chooseLogo = (file: File | null) => {
    setLogo(file);
    setProgress(null);
    const logoError = file ? validateLogoFile(file) : null;
    setErrors(({ logo: _drop, ...rest }) => (logoError ? { ...rest, logo: logoError } : rest));
  };

  const save = async () => {
    const found = validateLabelForm({
      values,
      urls: urls.rows,
      identifiers: identifiers.rows,
      requireCompany: mode === 'admin' && isNew,
    });
    const logoError = logo ? validateLogoFile(logo) : null;
    if (logoError) found.logo = logoError;
    setErrors(found);
    if (Object.keys(found).length) return;
    const payload = toLabelPayload(values, urls.rows, identifiers.rows);
    const companyId = label?.company_id ?? (mode === 'admin' ? values.company_id : (company?.id ?? ''));
    const upload = (labelId: string, file: File) =>
      uploadLabelLogo(labelId, file, { companyId, onProgress: setProgress });
    setSaving(true);
    try {
      let saved: Saved;
      if (isNew) {
        const withLogo = logo ? { ...payload, logo_key: await upload(NEW_LABEL_ID, logo) } : payload;
        saved = await api.post<Saved>(
          conf.apiBase,
          mode === 'admin' ? { ...withLogo, company_id: values.company_id } : withLogo,
        );
      } else {
        const logoKey = logo ? await upload(label.id, logo) : removeLogo ? null : undefined;
        saved = await api.patch<Saved>(
          `${conf.apiBase}/${label.id}`,
          logoKey === undefined ? payload : { ...payload, logo_key: logoKey },
        );
      }
      await refresh();
      notify('notification', saved.message ?? (isNew ? MESSAGES.labelAdded : MESSAGES.labelUpdated));
      navigate(`${conf.pageBase}/${saved.label.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.errors).map(([k, texts]) => [
              nestedErrorKey(k, urls.rows, identifiers.rows),
              texts.join(' '),
            ]),
          ),
        );
      }
      notifyError(error);
      setProgress(null);
    } finally {
      setSaving(false);
    }
  };

  const cancelTo = label ? `${conf.pageBase}/${label.id}` : conf.pageBase;
  return (
    <FormShell
      testId="label"
      title={isNew ? 'New label' : `Edit ${label.name}`}
      errors={errors}
      submitting={saving}
      submitLabel={isNew ? 'Create label' : 'Save changes'}
      onSubmit={() => void save()}
      onCancel={() => navigate(cancelTo)}
    >
      <SpaceBetween size="l">
        <LabelFormFields values={values} set={set} errors={errors} chooseCompany={mode === 'admin' && isNew} />
        <Container
          header={
            <Header variant="h2" description="Website, shop and social links.">
              Links
            </Header>
          }
        >
          <NestedRowsEditor
            name="urls"
            what="links"
            state={urls}
            fields={[
              { key: 'link', label: 'Link', placeholder: 'https://' },
              { key: 'link_text', label: 'Link text' },
            ]}
            emptyRow={{ link: '', link_text: '' }}
            addLabel="Add link"
            errors={errors}
            testId="label-urls"
          />
        </Container>
        <Container
          header={
            <Header variant="h2" description="Codes that identify the label elsewhere (e.g. a PPL label code).">
              Identifiers
            </Header>
          }
        >
          <NestedRowsEditor
            name="label_identifiers"
            what="identifiers"
            state={identifiers}
            fields={[
              { key: 'type_of', label: 'Type' },
              { key: 'ref', label: 'Reference' },
            ]}
            emptyRow={{ type_of: '', ref: '' }}
            addLabel="Add identifier"
            errors={errors}
            testId="label-identifiers"
          />
        </Container>
        <Container header={<Header variant="h2">Logo</Header>}>
          <LogoField
            current={label?.logo}
            file={logo}
            onFile={chooseLogo}
            remove={removeLogo}
            onRemove={setRemoveLogo}
            error={errors.logo ?? errors.logo_key}
            progress={progress}
          />
        </Container>
      </SpaceBetween>
    </FormShell>
  );
}

function LabelFormPage({ mode }: { mode: LabelMode }) {
  const { labelId } = useParams();
  const { data, error, isLoading, mutate } = useLabelResource(mode, labelId);
  if (!labelId) return <LabelForm mode={mode} />;
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the label">
      {(loaded) => (
        <ContentLayout>
          <LabelForm key={loaded.label.id} mode={mode} label={loaded.label} />
        </ContentLayout>
      )}
    </RecordState>
  );
}

/** UserLabelNew and UserLabelEdit (/user/labels/new, /user/labels/{labelId}/edit); after saving: UserLabel. */
export function UserLabelFormPage() {
  return <LabelFormPage mode="user" />;
}

/** LabelAdminNew and LabelAdminEdit; after saving: LabelAdmin. */
export function AdminLabelFormPage() {
  return <LabelFormPage mode="admin" />;
}
