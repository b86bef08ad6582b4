// The dashboard's figures (issue 30), drawn with @mantine/charts: imported only by the dashboard and
// bigscreen pages, which load on first visit, so the charts never reach the sign-in page's bundle.
export { PersonalFigures } from './PersonalFigures';
export { PlatformFigures } from './PlatformFigures';
