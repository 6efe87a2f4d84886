import { type AppRoute, navRoute } from '@/lib/route-module';
import { DATA_DICT_PATH } from './paths';

export const dataDictRoutes: AppRoute[] = [
  navRoute(DATA_DICT_PATH, {
    titleZh: '数据字典',
    lazy: () => import('./dictionary-page').then((m) => ({ Component: m.DictionaryPage })),
  }),
];
