// Every resource the data service serves: a new table or view is one line here.

export { vwCardCharges, vwCardList, vwMissingReceipts, vwNonProjectExpenses } from "./card-views.js";
export { vwClientDirectory, vwEmployeeDirectory, vwVendorDirectory } from "./directory-views.js";
export {
  vwMyRecentProjects,
  vwPortalOrderItemList,
  vwPortalOrderList,
  vwProjectList,
  vwProjectNoteSearch,
  vwProjectStatusAudit,
  vwProjectStatusHistory,
  vwProjectsByStatus,
} from "./project-views.js";
export { vwMyStuckShipments, vwShipmentList, vwTrackingRuns } from "./shipment-views.js";
export { tblAppLookup } from "./tblAppLookup.js";
export { tblCC } from "./tblCC.js";
export { tblCCCharge, tblCCStatement } from "./tblCCCharge.js";
export { tblCCPermission } from "./tblCCPermission.js";
export { tblClient } from "./tblClient.js";
export { tblClientContact } from "./tblClientContact.js";
export { tblEmployee } from "./tblEmployee.js";
export { tblEvent } from "./tblEvent.js";
export { tblMasterClient } from "./tblMasterClient.js";
export { tblPermission } from "./tblPermission.js";
export { tblPortalOrder } from "./tblPortalOrder.js";
export { tblPortalOrderItem } from "./tblPortalOrderItem.js";
export { tblProject } from "./tblProject.js";
export { tblProjectNotes } from "./tblProjectNotes.js";
export { tblProjectStatus } from "./tblProjectStatus.js";
export { tblReleaseNote } from "./tblReleaseNote.js";
export { tblShipment, tblShipmentScan } from "./tblShipment.js";
export { tblShippingCompany } from "./tblShippingCompany.js";
export { tblVendor } from "./tblVendor.js";
export { vwCCApprovals } from "./vwCCApprovals.js";
export { vwEmployeeAvailability } from "./vwEmployeeAvailability.js";
export { vwMyProjectNotes } from "./vwMyProjectNotes.js";
export { vwNoteCategories } from "./vwNoteCategories.js";
export { vwProjectSearch } from "./vwProjectSearch.js";
