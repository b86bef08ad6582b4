package platform.engine;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import org.apache.catalina.loader.WebappLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.embedded.tomcat.TomcatContextCustomizer;
import org.springframework.boot.web.embedded.tomcat.TomcatEmbeddedWebappClassLoader;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Operaton's REST API finds its process engine through {@code java.util.ServiceLoader} on every call of
 * {@code EngineUtil.lookupProcessEngine}: in the authentication filter, in the constructor of every
 * sub-resource, and in the long-polling fetch-and-lock handler for each waiting request, so several
 * times a request. Each lookup asks the thread's context class loader (Tomcat's web-app loader) for
 * {@value #PROVIDER_SERVICE}: a search through the executable jar's nested jars, then a read of the file
 * with caches off (ServiceLoader's choice), which makes Spring Boot's loader open the nested jar anew.
 * Under bench:engine that was 11 % of the engine's CPU (Java Flight Recorder, issue 31).
 *
 * <p>A jar's service files do not change while it runs: Tomcat's loader becomes a subclass that reads
 * that one file once and serves its content from memory afterwards. Everything else it loads or finds
 * is untouched. {@code platform.engine.cached-engine-lookup=false} keeps Tomcat's own loader (the
 * benches' "before" row).
 */
@Configuration
public class EngineLookupCache {

  private static final Logger LOG = LoggerFactory.getLogger(EngineLookupCache.class);

  static final String PROVIDER_SERVICE = "META-INF/services/org.operaton.bpm.engine.rest.spi.ProcessEngineProvider";

  @Bean
  @ConditionalOnProperty(name = "platform.engine.cached-engine-lookup", havingValue = "true", matchIfMissing = true)
  TomcatContextCustomizer cachedEngineLookup() {
    return context -> {
      if (context.getLoader() instanceof WebappLoader loader) {
        loader.setLoaderInstance(new CachingClassLoader(context.getParentClassLoader()));
      }
    };
  }

  /** Spring Boot's web-app loader with the provider file read once. */
  static final class CachingClassLoader extends TomcatEmbeddedWebappClassLoader {
    private volatile List<URL> providerFiles;

    CachingClassLoader(ClassLoader parent) {
      super(parent);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
      if (!PROVIDER_SERVICE.equals(name)) return super.getResources(name);
      List<URL> files = providerFiles;
      if (files == null) {
        files = readProviderFiles();
        providerFiles = files;
      }
      return Collections.enumeration(files);
    }

    private List<URL> readProviderFiles() throws IOException {
      List<URL> files = new ArrayList<>();
      for (URL file : Collections.list(super.getResources(PROVIDER_SERVICE))) {
        try (InputStream in = file.openStream()) {
          files.add(inMemory(file, in.readAllBytes()));
        }
      }
      LOG.info("engine lookup: {} provider file(s) read once, served from memory", files.size());
      return List.copyOf(files);
    }
  }

  /** A URL that names {@code original} but reads {@code content}. */
  static URL inMemory(URL original, byte[] content) throws MalformedURLException {
    URLStreamHandler handler = new URLStreamHandler() {
      @Override
      protected URLConnection openConnection(URL url) {
        return new URLConnection(url) {
          @Override
          public void connect() {
            // nothing to open
          }

          @Override
          public InputStream getInputStream() {
            return new ByteArrayInputStream(content);
          }
        };
      }
    };
    return new URL(original.getProtocol(), original.getHost(), original.getPort(), original.getFile(), handler);
  }
}
