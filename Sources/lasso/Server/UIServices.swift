import LassoClient
import LassoTUI

/// The UI's push service is the client's: the executable is where the two modules meet.
extension ServerPushService: PushService {}
