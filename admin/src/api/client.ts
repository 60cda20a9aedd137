// The admin's way to the API is the browser's one client, shared with the onboarding island.
export { ApiError, api, uploadForm } from '../../../contracts/api-client';
