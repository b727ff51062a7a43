// The console's own screens, below the one /staff route of the app's paths module.
import { paths } from '@lab/contract';

export const staffPaths = {
  queue: paths.staff,
  catalogue: `${paths.staff}/catalogue`,
  catalogueTests: `${paths.staff}/catalogue`,
  catalogueCategories: `${paths.staff}/catalogue/categories`,
  cataloguePackages: `${paths.staff}/catalogue/packages`,
  catalogueOffers: `${paths.staff}/catalogue/offers`,
  cataloguePlans: `${paths.staff}/catalogue/plans`,
  content: `${paths.staff}/content`,
  contentBlogs: `${paths.staff}/content`,
  contentCareers: `${paths.staff}/content/careers`,
  inbox: `${paths.staff}/inbox`,
  audit: `${paths.staff}/audit`,
} as const;
