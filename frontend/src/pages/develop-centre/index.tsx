import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { getCentreHome } from '../../api/development-centres';
import { DelayedSpin } from '../../components/page-loader';
import { useRequest } from '../../hooks/use-request';
import PlaceholderPage from '../placeholder';
import { centreLevelOfPath, portraitPath } from './centre-data';
import { CentreOverview } from './centre-overview';
import { CentrePortraitView } from './centre-portrait';

/**
 * The four development centres (issue 33), one page for every level: the menu's path names the level (CENTRES of the
 * contract). `<path>` is the overview, `<path>/portrait/:objectId` an object's portrait. A teacher or student opening
 * their centre lands on their own portrait (centre/home); `?list=1` (the portrait's back link) stays on the overview.
 */
export default function DevelopCentrePage({ path, title }: { path: string; title: string }) {
  const level = centreLevelOfPath(path);
  const { objectId } = useParams();
  const [params] = useSearchParams();
  const askHome = !!level && !objectId && !params.has('list');
  const home = useRequest(askHome ? () => getCentreHome() : null, 'centre-home');

  if (!level) return <PlaceholderPage title={title} />;
  if (objectId) return <CentrePortraitView key={objectId} level={level} path={path} objectId={objectId} />;
  if (askHome) {
    if (home.loading && !home.data) return <DelayedSpin />;
    if (home.data?.level === level && home.data.objectId) return <Navigate to={portraitPath(path, home.data.objectId)} replace />;
  }
  return <CentreOverview key={level} level={level} path={path} title={title} />;
}
