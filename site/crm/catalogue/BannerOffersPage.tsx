/** /catalogue/banner-offers: the home page banner's offers (title, subtitle, course, button text, order). */
import type { CatalogueBannerOffer, CatalogueBannerOfferInput } from '../../../src/crm-catalogue-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { bannerOffersApi, fetchAllCourses } from './catalogue-api';
import { CatalogueTabs } from './CatalogueTabs';
import { ItemList } from './ItemList';
import { numberIn, SpecForm, text, type Draft, type FieldSpec } from './SpecForm';

const draftOf = (o: CatalogueBannerOffer | null): Draft => ({
  title: o?.title ?? '',
  subtitle: o?.subtitle ?? '',
  course_id: o?.course_id ?? '',
  cta: o?.cta ?? 'Apply Now',
  position: String(o?.position ?? 0),
});

const inputOf = (d: Draft): CatalogueBannerOfferInput => ({
  title: text(d, 'title'),
  subtitle: text(d, 'subtitle'),
  course_id: text(d, 'course_id'),
  cta: text(d, 'cta'),
  position: numberIn(d, 'position'),
});

export function BannerOffersPage() {
  usePageTitle('Home banner offers');
  const offers = useStaffQuery((signal) => bannerOffersApi.list(signal), 'banner-offers');
  const courses = useStaffQuery((signal) => fetchAllCourses(signal), 'all-courses');
  const courseName = (id: string) => courses.data?.find((c) => c._id === id)?.course_name ?? '';
  const fields: FieldSpec[] = [
    { key: 'title', label: 'Title', kind: 'text', required: true, wide: true },
    { key: 'subtitle', label: 'Subtitle', kind: 'text', wide: true },
    {
      key: 'course_id',
      label: 'Course',
      kind: 'select',
      choices: [{ value: '', label: '— Choose a course —' }, ...(courses.data ?? []).map((c) => ({ value: c._id, label: c.course_name }))],
    },
    { key: 'cta', label: 'Button text', kind: 'text', required: true },
    { key: 'position', label: 'Order', kind: 'number', hint: 'Smaller comes first.' },
  ];
  const items = [...(offers.data ?? [])].sort((a, b) => a.position - b.position);
  const ready = offers.data && courses.data;
  return (
    <>
      <CatalogueTabs />
      <PageHeading>Home banner offers</PageHeading>
      <LoadState loading={!ready && !offers.error && !courses.error} error={offers.error ?? courses.error} />
      {ready ? (
        <ItemList
          historyNames={Object.fromEntries((courses.data ?? []).map((c) => [c._id, c.course_name]))}
          kind="banner_offer"
          noun="offer"
          items={items}
          reload={offers.reload}
          titleOf={(o) => o.title}
          detailOf={(o) => `${o.subtitle ? `${o.subtitle} · ` : ''}${courseName(o.course_id)} · “${o.cta}” · order ${o.position}`}
          remove={(o) => bannerOffersApi.remove(o._id, o.version)}
          renderForm={(item, done) => (
            <SpecForm
              idPrefix={`offer-${item?._id ?? 'new'}`}
              label={item ? `Edit ${item.title}` : 'New offer'}
              fields={fields}
              initial={draftOf(item)}
              submitLabel={item ? 'Save offer' : 'Add offer'}
              success={item ? 'Offer saved.' : 'Offer added.'}
              onSaved={done}
              onConflict={offers.reload}
              save={(d) =>
                item ? bannerOffersApi.update(item._id, { ...inputOf(d), version: item.version }) : bannerOffersApi.create(inputOf(d))
              }
            />
          )}
        />
      ) : null}
    </>
  );
}
