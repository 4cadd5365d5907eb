import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Starts DynamoDB Local listening on 127.0.0.1 only. Its own command line has no host option, and
 * the Jetty server it builds listens on every interface, so anyone on the network could read and
 * write the local database. This builds the server from the same arguments (ServerRunner does),
 * sets the host on its connector, then starts it. Run by infra/local/dynamodb.ts with Java's
 * source-file mode (`java -cp DynamoDBLocal.jar dynamodb-loopback.java …`), which needs a JDK. It also exits when
 * the process that started it is gone (see the lifeline below).
 */
public class DynamoDbLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    for (Connector connector : ((Server) field.get(proxy)).getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    // Started by the local cloud, stdin is a pipe the cloud never writes to: end-of-file means the cloud is gone
    // (even killed with SIGKILL), and the database goes too instead of holding its port against the next start.
    if ("stdin".equals(System.getenv("LOCAL_CLOUD_LIFELINE"))) {
      Thread lifeline = new Thread(() -> {
        try {
          while (System.in.read() != -1) {}
        } catch (java.io.IOException gone) {
          // A broken pipe says the same as end-of-file.
        }
        System.exit(0);
      }, "lifeline");
      lifeline.setDaemon(true);
      lifeline.start();
    }
  }
}
